# label: ok
# flax-error: none
# class: 3 CensusTrainer stores jax.jit(self.train_epoch); nnx.split of self.model and self.optimizer goes through the lax.scan carry, merged in the body and nnx.update-d after the jitted call
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

        self.graphdef, _ = nnx.split((self.model, self.optimizer))

    def train_epoch(self, state, features, occupied):
        def body(state, batch):
            model, optimizer = nnx.merge(self.graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(census_loss)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (features, occupied))
        return state, losses

    def fit(self, features, occupied, epochs=2):
        for _ in range(epochs):
            state = nnx.state((self.model, self.optimizer))
            state, losses = self._train_epoch(state, features, occupied)
            nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    kx, kw = jax.random.split(jax.random.key(0))
    features = jax.random.normal(kx, (4, 32, 7))
    occupied = features @ jax.random.normal(kw, (7,))
    trainer = CensusTrainer(CensusNet(7, rngs=nnx.Rngs(0)))
    losses = trainer.fit(features, occupied)
    print(losses)
    return None
