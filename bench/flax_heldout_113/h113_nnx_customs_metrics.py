# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 evaluator.metrics (nnx.MultiMetric) updated in the scan body with the logits of evaluator.model
"""Customs declarations: evaluate the tariff-chapter classifier on the held-out declarations of
the day, batch by batch, with nnx metrics."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class ChapterClassifier(nnx.Module):
    def __init__(self, vocab, chapters, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, 24, rngs=rngs)
        self.norm = nnx.LayerNorm(24, rngs=rngs)
        self.out = nnx.Linear(24, chapters, rngs=rngs)

    def __call__(self, tokens):
        pooled = self.embed(tokens).mean(axis=-2)
        return self.out(self.norm(pooled))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def evaluate(self, tokens, labels):
        self.model.eval()
        self.metrics.reset()

        def batch_step(n, batch):
            x, y = batch
            logits = self.model(x)
            loss = jnp.mean(-jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1))
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return n + x.shape[0], None

        seen, _ = scan(batch_step, 0, (tokens, labels))
        return seen, self.metrics.compute()


def main():
    vocab, chapters = 200, 12
    tokens = jax.random.randint(jax.random.key(0), (6, 16, 10), 0, vocab)
    labels = jax.random.randint(jax.random.key(1), (6, 16), 0, chapters)
    evaluator = Evaluator(ChapterClassifier(vocab, chapters, rngs=nnx.Rngs(0)))
    seen, report = evaluator.evaluate(tokens, labels)
    print(int(seen), {k: float(v) for k, v in report.items()})
    return None
