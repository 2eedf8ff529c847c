# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a test-time Adapter object switches its held model to training (`self.model.train()`) just before a fori_loop whose body calls the model, whose BatchNorm then updates its batch statistics
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)
        self.norm = nnx.BatchNorm(4, rngs=rngs)

    def __call__(self, x):
        return self.norm(self.fc(x))


class Adapter:
    def __init__(self, model: Net):
        self.model = model

    def adapt(self, batches):
        self.model.train()
        def body(i, carry):
            self.model(batches[i])
            return carry
        jax.lax.fori_loop(0, batches.shape[0], body, 0)
        self.model.eval()
        return self.model


def main():
    batches = jax.random.normal(jax.random.key(0), (3, 8, 4))
    model = Adapter(Net(nnx.Rngs(0))).adapt(batches)
    jax.tree.map(lambda a: a + 0, nnx.state(model))
