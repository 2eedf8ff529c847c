# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 TriageEvaluator.metrics is an nnx.MultiMetric attribute; the scan body calls self.metrics.update for every validation batch
"""CT triage: validate an ensemble of member networks on a held-out site before rollout."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class TriageMember(nnx.Module):
    def __init__(self, features: int, classes: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 24, rngs=rngs)
        self.head = nnx.Linear(24, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.body(x)))


class TriageEvaluator:
    def __init__(self, members):
        self.members = members
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def ensemble_logits(self, images):
        probs = jnp.stack([jax.nn.softmax(m(images)) for m in self.members]).mean(0)
        return jnp.log(probs + 1e-7)

    def evaluate(self, images, labels):
        def batch(carry, xy):
            x, y = xy
            logits = self.ensemble_logits(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, loss

        jax.lax.scan(batch, None, (images, labels))
        return self.metrics.compute()


def main():
    rngs = nnx.Rngs(0)
    members = [TriageMember(32, 3, rngs=rngs) for _ in range(3)]
    images = jax.random.normal(jax.random.key(1), (4, 16, 32))
    labels = jax.random.randint(jax.random.key(2), (4, 16), 0, 3)
    print(TriageEvaluator(members).evaluate(images, labels))
