# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Evaluator.run scan body calls a _record helper that updates the nnx.MultiMetric object held by the evaluator
"""Protein secondary-structure tagger (helix/strand/coil per residue) evaluated over a held-out set."""
import jax
import jax.numpy as jnp
from flax import nnx


class ResidueTagger(nnx.Module):
    def __init__(self, vocab=21, dim=16, classes=3, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.conv = nnx.Conv(dim, dim, kernel_size=(5,), rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(dim, classes, rngs=rngs)

    def __call__(self, seq):
        h = nnx.gelu(self.conv(self.embed(seq)))
        return self.head(self.drop(h))


def tagging_loss(logits, labels):
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[..., None], -1))


class Evaluator:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())

    def _record(self, logits, labels):
        self.metrics.update(loss=tagging_loss(logits, labels),
                            logits=logits.reshape(-1, logits.shape[-1]),
                            labels=labels.reshape(-1))

    def run(self, model, batches):
        model.eval()
        self.metrics.reset()

        def body(carry, batch):
            logits = model(batch["seq"])
            self._record(logits, batch["ss"])
            return carry, None

        jax.lax.scan(body, None, batches)
        return self.metrics.compute()


def main():
    model = ResidueTagger(rngs=nnx.Rngs(0, dropout=1))
    k1, k2 = jax.random.split(jax.random.key(3))
    batches = {"seq": jax.random.randint(k1, (3, 2, 20), 0, 21),
               "ss": jax.random.randint(k2, (3, 2, 20), 0, 3)}
    results = Evaluator().run(model, batches)
    print({k: float(v) for k, v in results.items()})
    return None
