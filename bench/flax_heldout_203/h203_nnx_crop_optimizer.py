# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 24 (96 B)
# class: 2 a local model and its nnx.Optimizer in fit_region go straight into the scan body, which calls nnx.value_and_grad and optimizer.update on them
"""Crop yield forecasting: fine-tune a regional yield regressor on the seasons observed so far
before issuing the in-season forecast for each growing region."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class YieldRegressor(nnx.Module):
    def __init__(self, features, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 24, rngs=rngs)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.swish(self.hidden(x))).squeeze(-1)


def yield_loss(model, features, tonnes):
    return jnp.mean((model(features) - tonnes) ** 2)


def fit_region(features, tonnes, epochs=5, seed=0):
    model = YieldRegressor(features.shape[-1], nnx.Rngs(seed))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)

    def epoch(_, season):
        loss, grads = nnx.value_and_grad(yield_loss)(model, features[season], tonnes[season])
        optimizer.update(model, grads)
        return None, loss

    _, losses = lax.scan(epoch, None, jnp.arange(epochs) % features.shape[0])
    return model, losses


def main():
    seasons, farms, feats = 3, 20, 6
    features = jax.random.normal(jax.random.key(2), (seasons, farms, feats))
    tonnes = features.sum(-1) * 0.5 + 3.0
    model, losses = fit_region(features, tonnes)
    print("losses", losses.shape)
    return None
