# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 WakeTrainer keeps the model and an nnx.Optimizer over it; the scan body takes gradients of self.model and calls self.optimizer.update
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class WakeDeficitNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(6, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.encoder(x)))[..., 0]


def deficit_loss(model, turbines, deficit):
    return jnp.mean((model(turbines) - deficit) ** 2)


class WakeTrainer:
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    def fit(self, turbines, deficits):
        def body(step, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(deficit_loss)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return step + 1, loss

        _, losses = jax.lax.scan(body, jnp.int32(0), (turbines, deficits))
        return losses


def scada_batches(key, n_batches, turbines=12):
    features = jax.random.normal(key, (n_batches, turbines, 6))  # yaw, wind speed, direction, spacing, ...
    deficits = jnp.tanh(features[..., 1] - features[..., 3])
    return features, deficits


def main():
    model = WakeDeficitNet(nnx.Rngs(0))
    trainer = WakeTrainer(model, optax.adam(1e-3))
    trainer.fit(*scada_batches(jax.random.key(1), 5))
    return None
