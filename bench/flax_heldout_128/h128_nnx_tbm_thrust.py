# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 Trainer.fit_ring -> self.optimizer (an nnx.Optimizer over self.model) is updated inside the scan body
"""Tunnel boring machine telemetry: fit a thrust-force regressor ring by ring.

The trainer owns the model and its nnx.Optimizer and walks the ring-build batches of one
shift with a raw scan.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class ThrustRegressor(nnx.Module):
    def __init__(self, n_sensors, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_sensors, 32, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


def thrust_loss(model, batch):
    sensors, thrust_mn = batch
    return jnp.mean((model(sensors) - thrust_mn) ** 2)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_step(self, batch):
        loss, grads = nnx.value_and_grad(thrust_loss)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return loss

    def fit_ring(self, batches):
        def body(total, batch):
            return total + self.train_step(batch), None

        total, _ = lax.scan(body, jnp.zeros(()), batches)
        return total / batches[0].shape[0]


def main():
    key_x, key_y = jax.random.split(jax.random.key(0))
    sensors = jax.random.normal(key_x, (8, 16, 7))  # 8 rings, 16 readings, 7 sensors
    thrust = jax.random.normal(key_y, (8, 16))
    trainer = Trainer(ThrustRegressor(7, nnx.Rngs(0)))
    mean_loss = trainer.fit_ring((sensors, thrust))
    print(float(mean_loss))
    return None
