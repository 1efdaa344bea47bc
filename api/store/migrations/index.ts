import type { Migration } from 'kysely';

import type { StoreDialect } from '../dialect';
import { initialMigration } from './0001-initial';
import { contactMessagesMigration } from './0002-contact-messages';
import { accountsMigration } from './0003-accounts';
import { addressesMigration } from './0004-addresses';
import { ordersPaymentsMigration } from './0005-orders-payments';
import { orderFeedbackMigration } from './0006-order-feedback';
import { postgresDoublePrecisionMigration } from './0007-postgres-double-precision';
import { cmsSessionsMigration } from './0008-cms-sessions';
import { addressCmsIdMigration } from './0009-address-cms-id';
import { accountSecurityMigration } from './0010-account-security';
import { addressHouseNumberMigration } from './0011-address-house-number';
import { weightsPickupMinimumMigration } from './0012-weights-pickup-minimum';
import { dishPicturesWebpMigration } from './0013-dish-pictures-webp';
import { ordersBoardIndexesMigration } from './0014-orders-board-indexes';
import { orderLifecycleMigration } from './0015-order-lifecycle';
import { notificationsMigration } from './0016-notifications';
import { menuEditorMigration } from './0017-menu-editor';
import { dayFiguresIndexesMigration } from './0018-day-figures-indexes';
import { cashCapsIndexesMigration } from './0019-cash-caps-indexes';
import { locationOperationsMigration } from './0020-location-operations';
import { scheduledOrdersMigration } from './0021-scheduled-orders';
import { formerManagersMigration } from './0022-former-managers';
import { accountLanguageMigration } from './0023-account-language';
import { menuEnglishMigration } from './0024-menu-english';

/** Ordered, forward-only migrations. Names sort lexically; append new ones at the end. */
export function migrationsFor(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-contact-messages': contactMessagesMigration(dialect),
    '0003-accounts': accountsMigration(dialect),
    '0004-addresses': addressesMigration(dialect),
    '0005-orders-payments': ordersPaymentsMigration(dialect),
    '0006-order-feedback': orderFeedbackMigration(dialect),
    '0007-postgres-double-precision': postgresDoublePrecisionMigration(dialect),
    '0008-cms-sessions': cmsSessionsMigration(),
    '0009-address-cms-id': addressCmsIdMigration(),
    '0010-account-security': accountSecurityMigration(),
    '0011-address-house-number': addressHouseNumberMigration(),
    '0012-weights-pickup-minimum': weightsPickupMinimumMigration(),
    '0013-dish-pictures-webp': dishPicturesWebpMigration(),
    '0014-orders-board-indexes': ordersBoardIndexesMigration(),
    '0015-order-lifecycle': orderLifecycleMigration(dialect),
    '0016-notifications': notificationsMigration(dialect),
    '0017-menu-editor': menuEditorMigration(dialect),
    '0018-day-figures-indexes': dayFiguresIndexesMigration(),
    '0019-cash-caps-indexes': cashCapsIndexesMigration(dialect),
    '0020-location-operations': locationOperationsMigration(),
    '0021-scheduled-orders': scheduledOrdersMigration(),
    '0022-former-managers': formerManagersMigration(),
    '0023-account-language': accountLanguageMigration(),
    '0024-menu-english': menuEnglishMigration(),
  };
}
