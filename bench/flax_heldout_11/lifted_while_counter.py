# label: ok
# flax-error: none
# class: 2 nn.while_loop with the 'counter' collection carried, the working version of a raw while_loop counter
import jax
import jax.numpy as jnp
import flax.linen as nn


class Halving(nn.Module):
    @nn.compact
    def __call__(self, x):
        n = self.variable("counter", "n", lambda: jnp.array(0))

        def cond_fn(mdl, c):
            return jnp.abs(c).max() > 1e-2

        def body_fn(mdl, c):
            mdl.variables  # noqa
            cnt = mdl.get_variable("counter", "n")
            mdl.put_variable("counter", "n", cnt + 1)
            return c / 2

        return nn.while_loop(cond_fn, body_fn, self, x, carry_variables="counter")


def main():
    h = Halving()
    x = jnp.array([3.0])
    v = h.init(jax.random.PRNGKey(0), x)
    y, st = h.apply(v, x, mutable=["counter"])
    print(y, st)
    return None
