# label: ok
# flax-error: none
# class: 1 DEQLayer.__call__ runs the while_loop itself; the iteration count goes through the loop state and is written to its 'diagnostics' variable after the loop, apply(..., mutable=['diagnostics'])
"""Deep-equilibrium layer: iterate z <- tanh(W z + U x) with a raw lax.while_loop until the
update is small, and count the iterations in a diagnostics variable for logging."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DEQLayer(nn.Module):
    features: int = 8
    tol: float = 1e-4
    max_iter: int = 50

    @nn.compact
    def __call__(self, x):
        u = nn.Dense(self.features)(x)
        w = nn.Dense(self.features, use_bias=False,
                     kernel_init=nn.initializers.normal(0.1))
        n_iter = self.variable("diagnostics", "iterations", lambda: jnp.array(0, jnp.int32))
        z0 = jnp.zeros_like(u)
        w(z0)  # create the kernel before the loop

        def cond(state):
            z, delta, k = state
            return (delta > self.tol) & (k < self.max_iter)

        def body(state):
            z, _, k = state
            z_new = jnp.tanh(w(z) + u)
            return z_new, jnp.max(jnp.abs(z_new - z)), k + 1

        z, _, k = lax.while_loop(cond, body, (z0, jnp.array(jnp.inf), 0))
        n_iter.value += k
        return z


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(DEQLayer()(x))


def main():
    model = Classifier()
    x = jax.random.normal(jax.random.key(0), (4, 5))
    variables = model.init(jax.random.key(1), x)
    variables = {"params": variables["params"],
                 "diagnostics": jax.tree.map(jnp.zeros_like, variables["diagnostics"])}
    logits, diag = model.apply(variables, x, mutable=["diagnostics"])
    print(logits.shape, diag["diagnostics"]["DEQLayer_0"]["iterations"] + 0)
    return None
