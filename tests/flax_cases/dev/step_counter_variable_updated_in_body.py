# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "steps" in "/" because collection "counter" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a "counter" collection variable incremented inside the scan body, applied without mutable
import flax.linen as nn
import jax
import jax.numpy as jnp


class CountingCell(nn.Module):
    hidden: int = 4

    @nn.compact
    def __call__(self, xs):
        steps = self.variable("counter", "steps", lambda: jnp.zeros((), jnp.int32))
        dense = nn.Dense(self.hidden)
        h0 = dense(xs[0])

        def step(h, x):
            steps.value = steps.value + 1
            h = jnp.tanh(dense(h) + x)
            return h, h

        return jax.lax.scan(step, h0, xs)


def main():
    xs = jnp.ones((6, 4))
    model = CountingCell()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
