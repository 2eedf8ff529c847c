# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local model and nnx.Optimizer of fit_eta are passed to an nnx.jit train step called inside the fori_loop body
"""Parcel delivery-time (ETA) regressor: a jitted NNX train step repeated with lax.fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class EtaModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.route = nnx.Linear(features, 32, rngs=rngs)
        self.norm = nnx.LayerNorm(32, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.relu(self.norm(self.route(x))))).squeeze(-1)


def huber(model, x, minutes):
    return optax.huber_loss(model(x), minutes, delta=5.0).mean()


@nnx.jit
def train_step(model, optimizer, x, minutes):
    loss, grads = nnx.value_and_grad(huber)(model, x, minutes)
    optimizer.update(model, grads)
    return loss


def fit_eta(features, minutes, num_steps: int = 8):
    model = EtaModel(features.shape[-1], nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(3e-3), wrt=nnx.Param)
    n = features.shape[0]

    def body(i, running):
        loss = train_step(model, optimizer, features[i % n], minutes[i % n])
        return 0.9 * running + 0.1 * loss

    running = jax.lax.fori_loop(0, num_steps, body, jnp.zeros(()))
    return model, running


def main():
    features = jax.random.normal(jax.random.key(9), (4, 32, 8))
    minutes = 30.0 + 10.0 * jnp.abs(features[..., 0])
    model, running = fit_eta(features, minutes)
    print("smoothed loss", float(running))
    return None
