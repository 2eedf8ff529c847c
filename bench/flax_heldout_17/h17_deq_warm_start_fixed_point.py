# label: ok
# flax-error: none
# class: 3 the equilibrium cell is called once before the solver (warm start), then reused read-only inside the fori_loop of a module-level solver helper
"""Deep equilibrium regressor with a one-step warm start before fixed-point iteration."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass
class DEQConfig:
    hidden: int = 16
    out_dim: int = 2
    solver_iters: int = 10
    damping: float = 0.6


class EquilibriumCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, z, x_proj):
        h = nn.Dense(self.hidden, use_bias=False, name="recurrent")(z)
        return jnp.tanh(nn.LayerNorm(name="norm")(h + x_proj))


def fixed_point_solve(cell_fn, z0, iters, damping):
    def update(_, z):
        return (1.0 - damping) * z + damping * cell_fn(z)
    return jax.lax.fori_loop(0, iters, update, z0)


class DEQRegressor(nn.Module):
    cfg: DEQConfig

    @nn.compact
    def __call__(self, x):
        cfg = self.cfg
        x_proj = nn.Dense(cfg.hidden, name="input_injection")(x)
        cell = EquilibriumCell(cfg.hidden, name="cell")
        z0 = cell(jnp.zeros_like(x_proj), x_proj)
        z_star = fixed_point_solve(lambda z: cell(z, x_proj), z0, cfg.solver_iters, cfg.damping)
        return nn.Dense(cfg.out_dim, name="head")(z_star)


@jax.jit
def mse(variables, x, y):
    pred = DEQRegressor(DEQConfig()).apply(variables, x)
    return jnp.mean((pred - y) ** 2)


def main():
    cfg = DEQConfig()
    model = DEQRegressor(cfg)
    x = jax.random.normal(jax.random.key(0), (8, 6))
    y = jnp.sin(x[:, :2])
    variables = model.init(jax.random.key(1), x)
    grads = jax.grad(mse)(variables, x, y)
    print("loss", mse(variables, x, y), "grad norm", global_norm(grads))
    return None


def global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(tree)))
