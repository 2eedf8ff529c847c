# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "iterations" in "/DEQLayer_0" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 DEQLayer.__call__ runs the while_loop itself and bumps its own 'diagnostics' variable inside the body; apply is called without mutable=
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
            n_iter.value += 1
            return z_new, jnp.max(jnp.abs(z_new - z)), k + 1

        z, _, _ = lax.while_loop(cond, body, (z0, jnp.array(jnp.inf), 0))
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
    logits = model.apply(variables, x)
    print(logits.shape)
    return None
