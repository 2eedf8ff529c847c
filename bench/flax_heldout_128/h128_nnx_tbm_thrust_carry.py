# label: ok
# flax-error: none
# class: 4 Trainer.fit_ring -> nnx.split((self.model, self.optimizer)) outside; the state rides in the scan carry, is merged in the body and nnx.update writes it back
"""Tunnel boring machine telemetry: fit a thrust-force regressor ring by ring.

The trainer splits its model and nnx.Optimizer into a graph definition and state before
the scan, merges them inside the body and writes the final state back afterwards.
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

    @staticmethod
    def train_step(model, optimizer, batch):
        loss, grads = nnx.value_and_grad(thrust_loss)(model, batch)
        optimizer.update(model, grads)
        return loss

    def fit_ring(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.train_step(model, optimizer, batch)
            return (total + loss, nnx.state((model, optimizer))), None

        (total, state), _ = lax.scan(body, (jnp.zeros(()), state), batches)
        nnx.update((self.model, self.optimizer), state)
        return total / batches[0].shape[0]


def main():
    key_x, key_y = jax.random.split(jax.random.key(0))
    sensors = jax.random.normal(key_x, (8, 16, 7))  # 8 rings, 16 readings, 7 sensors
    thrust = jax.random.normal(key_y, (8, 16))
    trainer = Trainer(ThrustRegressor(7, nnx.Rngs(0)))
    mean_loss = trainer.fit_ring((sensors, thrust))
    print(float(mean_loss))
    return None
