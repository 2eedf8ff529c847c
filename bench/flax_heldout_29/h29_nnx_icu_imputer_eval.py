# label: ok
# flax-error: none
# class: 2 iterative impute() helper's scan body calls the model object after model.eval(), so BatchNorm only reads its running averages
"""Iterative imputation of missing ICU vital signs with a small denoising network."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ImputerConfig:
    num_vitals: int = 6
    hidden: int = 16
    iterations: int = 4


class VitalsImputer(nnx.Module):
    def __init__(self, cfg: ImputerConfig, rngs: nnx.Rngs):
        self.inp = nnx.Linear(2 * cfg.num_vitals, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.num_vitals, rngs=rngs)

    def __call__(self, values, observed):
        h = self.inp(jnp.concatenate([values * observed, observed], -1))
        return self.out(nnx.relu(self.norm(h)))


def impute(model, values, observed, iterations):
    def body(filled, _):
        pred = model(filled, observed)
        filled = jnp.where(observed > 0, values, pred)
        return filled, jnp.abs(pred - filled).mean()

    filled0 = jnp.where(observed > 0, values, values.mean(0, keepdims=True))
    return jax.lax.scan(body, filled0, None, length=iterations)


def fit_step(model, values, observed, lr=1e-2):
    def loss_fn(m):
        return jnp.mean(((m(values, observed) - values) * observed) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, nnx.state(model, nnx.Param), grads))
    return loss


def main():
    cfg = ImputerConfig()
    model = VitalsImputer(cfg, nnx.Rngs(0))
    values = jax.random.normal(jax.random.key(1), (8, cfg.num_vitals))
    observed = jax.random.bernoulli(jax.random.key(2), 0.7, values.shape).astype(jnp.float32)
    for _ in range(2):
        fit_step(model, values, observed)
    model.eval()
    filled, deltas = impute(model, values, observed, cfg.iterations)
    print("imputed", float(filled.mean()), deltas)
    return None
