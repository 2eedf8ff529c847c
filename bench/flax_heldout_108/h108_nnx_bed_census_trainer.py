# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 CensusTrainer stores jax.jit(self.train_epoch); the lax.scan body differentiates self.model and calls self.optimizer.update, attributes of the one trainer
"""Hospital bed-occupancy forecaster (NNX): a trainer with an nnx.Optimizer and a jitted epoch method."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class CensusNet(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_features, 32, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.encoder(x)))[..., 0]


def census_loss(model, x, occupied):
    return jnp.mean((model(x) - occupied) ** 2)


class CensusTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)
        self._train_epoch = jax.jit(self.train_epoch)

    def train_epoch(self, features, occupied):
        def body(_, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(census_loss)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return None, loss

        _, losses = jax.lax.scan(body, None, (features, occupied))
        return losses

    def fit(self, features, occupied, epochs=2):
        for _ in range(epochs):
            losses = self._train_epoch(features, occupied)
        return losses


def main():
    kx, kw = jax.random.split(jax.random.key(0))
    features = jax.random.normal(kx, (4, 32, 7))
    occupied = features @ jax.random.normal(kw, (7,))
    trainer = CensusTrainer(CensusNet(7, rngs=nnx.Rngs(0)))
    losses = trainer.fit(features, occupied)
    print(losses)
    return None
