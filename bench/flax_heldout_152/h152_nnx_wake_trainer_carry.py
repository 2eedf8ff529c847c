# label: ok
# flax-error: none
# class: 4 WakeTrainer keeps the model and an nnx.Optimizer over it; nnx.split((model, optimizer)) goes through the scan carry, the body merges, updates and returns nnx.state, nnx.update after the loop
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(deficit_loss)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (turbines, deficits))
        nnx.update((self.model, self.optimizer), state)
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
