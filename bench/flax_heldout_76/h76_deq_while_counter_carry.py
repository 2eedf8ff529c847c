# label: ok
# flax-error: none
# class: 3 iteration count kept in the while_loop carry and written to self.variable once after the loop
"""Deep-equilibrium layer with lax.while_loop; the iteration count is part
of the loop state and stored in the 'stats' collection after the loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DEQLayer(nn.Module):
    features: int = 8
    tol: float = 1e-3
    max_iter: int = 20

    @nn.compact
    def __call__(self, x):
        f = nn.Dense(self.features)
        u = nn.Dense(self.features, use_bias=False)
        iters = self.variable("stats", "iterations", lambda: jnp.array(0, jnp.int32))
        z0 = jnp.zeros(x.shape[:-1] + (self.features,))
        z1 = jnp.tanh(f(z0) + u(x))

        def cond(state):
            z_prev, z, i = state
            return (jnp.max(jnp.abs(z - z_prev)) > self.tol) & (i < self.max_iter)

        def body(state):
            _, z, i = state
            return z, jnp.tanh(0.5 * f(z) + u(x)), i + 1

        _, z, n = lax.while_loop(cond, body, (z0, z1, jnp.array(0, jnp.int32)))
        iters.value = iters.value + n
        return z


def main():
    model = DEQLayer()
    x = jax.random.normal(jax.random.key(0), (4, 3))
    variables = model.init(jax.random.key(1), x)
    z, state = model.apply({"params": variables["params"], "stats": variables["stats"]}, x,
                           mutable=["stats"])
    print("solver iterations:", int(state["stats"]["iterations"]))
    return None
