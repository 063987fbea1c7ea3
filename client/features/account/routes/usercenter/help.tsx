import { Collapse } from '@arco-design/web-react';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';

export function Help() {
  const t = useTexts(texts);
  return (
    <section aria-label={t.helpTitle}>
      <h1 className="uc-title">{t.helpTitle}</h1>
      <Collapse defaultActiveKey={['q1']} bordered={false}>
        <Collapse.Item name="q1" header={t.helpQ1}>
          {t.helpA1}
        </Collapse.Item>
        <Collapse.Item name="q2" header={t.helpQ2}>
          {t.helpA2}
        </Collapse.Item>
        <Collapse.Item name="q3" header={t.helpQ3}>
          {t.helpA3}
        </Collapse.Item>
      </Collapse>
    </section>
  );
}
