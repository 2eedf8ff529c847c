# label: ok
# flax-error: none
# class: 4 the while_loop body in Experiment.solve reaches self.trainer.model, carries the 'stats' collection and applies DEQ.step with mutable=['stats']
"""Deep-equilibrium layer: the fixed point z = f(z, x) is found with a while_loop solver."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

D = 8


class DEQ(nn.Module):
    @nn.compact
    def step(self, z, x):
        calls = self.variable("stats", "calls", lambda: jnp.zeros((), jnp.int32))
        calls.value += 1
        return jnp.tanh(nn.Dense(D, name="W")(z) * 0.5 + nn.Dense(D, name="U")(x))

    def __call__(self, z, x):
        return self.step(z, x)


class Trainer:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables


class Experiment:
    def __init__(self, trainer, tol=1e-5, max_iter=100):
        self.trainer = trainer
        self.tol, self.max_iter = tol, max_iter

    def solve(self, x):
        params = self.trainer.variables["params"]

        def cond(c):
            _, _, res, it = c
            return (res > self.tol) & (it < self.max_iter)

        def body(c):
            z, stats, _, it = c
            z_new, upd = self.trainer.model.apply(
                {"params": params, "stats": stats}, z, x, method=DEQ.step, mutable=["stats"]
            )
            return z_new, upd["stats"], jnp.linalg.norm(z_new - z), it + 1

        z0 = jnp.zeros((x.shape[0], D))
        init = (z0, self.trainer.variables["stats"], jnp.inf, 0)
        z, stats, res, iters = lax.while_loop(cond, body, init)
        self.trainer.variables = {"params": params, "stats": stats}
        return z, iters


def main():
    x = jax.random.normal(jax.random.key(0), (3, D))
    model = DEQ()
    variables = model.init(jax.random.key(1), jnp.zeros((3, D)), x)
    z, iters = Experiment(Trainer(model, variables)).solve(x)
    z.block_until_ready()
    return None
