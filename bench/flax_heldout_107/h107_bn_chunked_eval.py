# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 Classifier.evaluate scans over chunks and calls self(x), whose BatchNorm defaults to training mode
"""A classifier whose own `evaluate` method scans over chunks of a large batch with a raw
lax.scan to save memory. Inside the loop it calls self(x) with the default train=True,
so BatchNorm tries to write batch_stats during a plain apply."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(24)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(self.classes)(nn.gelu(x))

    def evaluate(self, chunks, labels):
        def body(n_correct, batch):
            x, y = batch
            logits = self(x)
            return n_correct + jnp.sum(jnp.argmax(logits, -1) == y), None

        n_correct, _ = lax.scan(body, 0, (chunks, labels))
        return n_correct


def main():
    model = Classifier()
    chunks = jax.random.normal(jax.random.PRNGKey(3), (5, 32, 10))
    labels = jnp.zeros((5, 32), dtype=jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), chunks[0])
    n = model.apply(variables, chunks, labels, method=Classifier.evaluate)
    print(int(n))
    return None
