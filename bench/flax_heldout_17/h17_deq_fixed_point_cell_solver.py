# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the equilibrium cell is a submodule first called inside a fori_loop of a module-level solver helper, so init creates its params in the loop body
"""Deep equilibrium classifier: z* = f(z*, x) found by damped fixed-point iteration."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass
class DEQConfig:
    hidden: int = 16
    num_classes: int = 5
    solver_iters: int = 12
    damping: float = 0.5


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


class DEQClassifier(nn.Module):
    cfg: DEQConfig

    @nn.compact
    def __call__(self, x):
        cfg = self.cfg
        x_proj = nn.Dense(cfg.hidden, name="input_injection")(x)
        cell = EquilibriumCell(cfg.hidden, name="cell")
        z0 = jnp.zeros_like(x_proj)
        z_star = fixed_point_solve(lambda z: cell(z, x_proj), z0, cfg.solver_iters, cfg.damping)
        return nn.Dense(cfg.num_classes, name="head")(z_star)


def cross_entropy(logits, labels):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(labels, logits.shape[-1]), -1))


def main():
    cfg = DEQConfig()
    model = DEQClassifier(cfg)
    x = jax.random.normal(jax.random.key(0), (8, 10))
    labels = jnp.arange(8) % cfg.num_classes
    variables = model.init(jax.random.key(1), x)
    loss = cross_entropy(model.apply(variables, x), labels)
    print("initial loss", loss)
    return None
