# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ElasticityAdapter.adapt carries the model state through the scan, but a SnapshotHook in its callback list keeps nnx.state of the merged model from inside the body and CheckpointManager.restore puts it back into the live model
"""Retail price elasticity: an online adapter nudges the elasticity model on each day's sales
and checkpoint hooks snapshot the adapted weights for the pricing service."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ElasticityModel(nnx.Module):
    def __init__(self, n_feat, rngs):
        self.base = nnx.Linear(n_feat, 1, rngs=rngs)
        self.log_price = nnx.Param(jnp.full((1,), -1.0))

    def __call__(self, feats, price):
        return self.base(feats)[..., 0] + self.log_price[...][0] * jnp.log(price)


class SnapshotHook:
    def __init__(self):
        self.latest = None

    def on_step(self, model):
        self.latest = nnx.state(model, nnx.Param)


class CheckpointManager:
    def __init__(self, hook):
        self.hook = hook

    def restore(self, model):
        nnx.update(model, self.hook.latest)


def demand_loss(model, feats, price, units):
    return jnp.mean((model(feats, price) - jnp.log1p(units)) ** 2)


class ElasticityAdapter:
    def __init__(self, model, callbacks, lr=0.05):
        self.model = model
        self.callbacks = callbacks
        self.lr = lr

    def adapt(self, days):
        graphdef, state = nnx.split(self.model)

        def day(state, batch):
            model = nnx.merge(graphdef, state)
            grads = nnx.grad(demand_loss)(model, *batch)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            for cb in self.callbacks:
                cb.on_step(model)
            return nnx.state(model), None

        state, _ = lax.scan(day, state, days)
        return state


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    feats = jax.random.normal(k1, (7, 20, 4))
    price = 5.0 + jax.random.uniform(k2, (7, 20))
    units = jax.random.poisson(k3, 10.0, (7, 20)).astype(jnp.float32)
    model = ElasticityModel(4, nnx.Rngs(1))
    hook = SnapshotHook()
    ElasticityAdapter(model, [hook]).adapt((feats, price, units))
    CheckpointManager(hook).restore(model)
    print(model(feats[0], price[0]).mean())
    return None
