import { Table } from '@arco-design/web-react';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import './delete-protocol.css';

/** A row of the deletion policy (spec §3): index, platform, digital assets, disposal plan. */
interface PolicyRow {
  index: number;
  platform: string;
  assets: string;
  disposal: string;
}

export default function DeleteProtocolPage() {
  const t = useTexts(texts);
  const rows: PolicyRow[] = (['r1', 'r2', 'r3', 'r4'] as const).map((key, i) => ({
    index: i + 1,
    ...t.rows[key],
  }));
  return (
    <PublicLayout title={t.title} wide>
      <p className="policy-intro">{t.intro}</p>
      {/* Wide screens get the table, narrow ones a card per platform (one is hidden by CSS). */}
      <Table
        className="policy-table"
        rowKey="index"
        data={rows}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        columns={[
          { title: t.index, dataIndex: 'index', width: 64 },
          { title: t.platform, dataIndex: 'platform', width: 160 },
          { title: t.assets, dataIndex: 'assets' },
          { title: t.disposal, dataIndex: 'disposal' },
        ]}
      />
      <ol className="policy-cards">
        {rows.map((row) => (
          <li key={row.index}>
            <h2>
              {row.index}. {row.platform}
            </h2>
            <dl>
              <dt>{t.assets}</dt>
              <dd>{row.assets}</dd>
              <dt>{t.disposal}</dt>
              <dd>{row.disposal}</dd>
            </dl>
          </li>
        ))}
      </ol>
      <h2 className="policy-subtitle">{t.retentionTitle}</h2>
      <ul className="policy-list">
        <li>{t.retention1}</li>
        <li>{t.retention2}</li>
        <li>{t.retention3}</li>
      </ul>
    </PublicLayout>
  );
}
