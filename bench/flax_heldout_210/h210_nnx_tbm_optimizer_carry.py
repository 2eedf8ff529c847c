# label: ok
# flax-error: none
# class: 4 WearTrainer.fit splits (model, optimizer), carries their state through the fori_loop, merges them in the body for its GradientStep helper and updates both after the loop
"""Tunnel boring machine: fit a cutterhead torque-to-wear model on logged advance strokes."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class TorqueWearModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(5, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, strokes):
        return self.out(nnx.gelu(self.hidden(strokes)))[..., 0]


class GradientStep:
    def __init__(self, loss_fn):
        self.loss_fn = loss_fn

    def __call__(self, model, optimizer, batch):
        loss, grads = nnx.value_and_grad(self.loss_fn)(model, batch)
        optimizer.update(model, grads)
        return loss


def mse(model, batch):
    strokes, wear = batch
    return jnp.mean((model(strokes) - wear) ** 2)


class WearTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)
        self.step = GradientStep(mse)

    def fit(self, strokes, wear):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(i, carry):
            running, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.step(model, optimizer, (strokes[i], wear[i]))
            return running + loss, nnx.state((model, optimizer))

        total, state = fori_loop(0, strokes.shape[0], body, (jnp.zeros(()), state))
        nnx.update((self.model, self.optimizer), state)
        return total / strokes.shape[0]


def main():
    strokes = jax.random.normal(jax.random.key(1), (8, 16, 5))  # strokes x cutters x features
    wear = jnp.abs(strokes[..., 0]) * 0.1
    trainer = WearTrainer(TorqueWearModel(nnx.Rngs(params=2)))
    trainer.fit(strokes, wear)
    return None
