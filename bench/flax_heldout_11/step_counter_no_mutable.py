# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "total" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a 'stats' variable bound before the loop and bumped in the scan body; apply without mutable=
import jax
import jax.numpy as jnp
import flax.linen as nn


class Accum(nn.Module):
    @nn.compact
    def __call__(self, xs):
        total = self.variable("stats", "total", lambda: jnp.zeros(()))

        def body(c, x):
            total.value = total.value + x.sum()
            return c + x, None

        c, _ = jax.lax.scan(body, jnp.zeros(xs.shape[1:]), xs)
        return c


def main():
    m = Accum()
    xs = jnp.ones((4, 3))
    variables = m.init(jax.random.PRNGKey(0), xs)
    print(variables)
    y = m.apply(variables, xs)  # forgot mutable=["stats"]
    return None
