# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "value" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 exponential moving average variable created and updated in the body; apply without mutable
from flax import linen as nn
import jax
import jax.numpy as jnp


class SmoothedSignal(nn.Module):
    decay: float = 0.95

    @nn.compact
    def __call__(self, xs):
        def step(acc, x):
            ema = self.variable("ema", "value", jnp.zeros_like, x)
            ema.value = self.decay * ema.value + (1 - self.decay) * x
            return acc + ema.value, ema.value

        return jax.lax.scan(step, jnp.zeros(xs.shape[1:]), xs)


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (10, 3))
    model = SmoothedSignal()
    variables = model.init(jax.random.PRNGKey(1), xs)
    model.apply(variables, xs)
