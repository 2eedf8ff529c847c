# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "act_mean" in "/remat(block_0)" because collection "monitor" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a remat'ed block records activation statistics with put_variable("monitor", ...); the scan body applies the model with mutable=["intermediates"] only
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class MonitoredBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x):
        h = nn.silu(nn.Dense(self.width)(x))
        self.put_variable("monitor", "act_mean", jnp.mean(h, axis=0))
        self.put_variable("monitor", "act_max", jnp.max(jnp.abs(h), axis=0))
        self.sow("intermediates", "h", h)
        return x + nn.Dense(x.shape[-1])(h)


class Tower(nn.Module):
    depth: int = 2
    width: int = 16

    @nn.compact
    def __call__(self, x):
        block_cls = nn.remat(MonitoredBlock)
        for i in range(self.depth):
            x = block_cls(self.width, name=f"block_{i}")(x)
        return x


class ActivationStatsCollector:
    def __init__(self, model, variables):
        self.model = model
        self.params = {"params": variables["params"]}

    def collect(self, batches):
        def body(acc, x):
            y, state = self.model.apply(self.params, x, mutable=["intermediates"])
            return acc + y.mean(), None

        return lax.scan(body, jnp.float32(0), batches)[0]


def main():
    batches = jax.random.normal(jax.random.key(1), (4, 8, 6))
    model = Tower()
    variables = model.init(jax.random.key(0), batches[0])
    ActivationStatsCollector(model, variables).collect(batches)
    return None
