# label: ok
# flax-error: none
# class: 1 lifted nn.while_loop refines a prediction until the residual is small, params broadcast
import jax
import jax.numpy as jnp
import flax.linen as nn


class IterativeRefiner(nn.Module):
    tol: float = 1e-3
    max_iter: int = 20

    def setup(self):
        self.corrector = nn.Dense(3, kernel_init=nn.initializers.normal(0.05))

    def __call__(self, x):
        self.corrector(x)

        def keep_going(mdl, c):
            i, y, delta = c
            return jnp.logical_and(i < mdl.max_iter, delta > mdl.tol)

        def refine(mdl, c):
            i, y, _ = c
            y_new = 0.5 * y + 0.5 * jnp.tanh(mdl.corrector(y) + x)
            return i + 1, y_new, jnp.max(jnp.abs(y_new - y))

        _, y, _ = nn.while_loop(keep_going, refine, self, (0, x, jnp.inf), broadcast_variables="params")
        return y


def main():
    x = jnp.linspace(-1.0, 1.0, 6).reshape(2, 3)
    model = IterativeRefiner()
    params = model.init(jax.random.PRNGKey(0), x)
    y = model.apply(params, x)
    jnp.sum(y).block_until_ready()
    return None
