# label: ok
# flax-error: none
# class: 4 the state of the model merged in the scan body leaves through the scan carry; the LastCheckpoint hook from the trainer's callback list receives it after the loop and LoftTrainer.model is restored with nnx.update
"""Sail loft: a seam-tension model is fitted on panel measurements; a checkpoint callback
keeps the weights of the last step and the trainer restores them at the end.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class SeamTension(nnx.Module):
    def __init__(self, n_panel, rngs: nnx.Rngs):
        self.layer = nnx.Linear(n_panel, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, panels):
        return self.out(nnx.gelu(self.layer(panels)))[..., 0]


class LastCheckpoint:
    def __init__(self):
        self.best_loss = float("inf")
        self.best_state = None

    def on_train_end(self, model, losses):
        self.best_state = nnx.state(model)
        self.best_loss = losses[-1]


class LoftTrainer:
    def __init__(self, model, callbacks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, panels, tension):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(carry, batch):
            state, i = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(batch[0]) - batch[1]) ** 2))(model)
            optimizer.update(model, grads)
            return (nnx.state((model, optimizer)), i + 1), loss

        (state, _), losses = lax.scan(step, (state, 0), (panels, tension))
        nnx.update((self.model, self.optimizer), state)
        for callback in self.callbacks:
            callback.on_train_end(self.model, losses)
        for callback in self.callbacks:
            if getattr(callback, "best_state", None) is not None:
                nnx.update(self.model, callback.best_state)
        return losses


def main():
    panels = jax.random.normal(jax.random.key(0), (6, 10, 4))
    tension = jax.random.normal(jax.random.key(1), (6, 10))
    model = SeamTension(4, nnx.Rngs(0))
    trainer = LoftTrainer(model, [LastCheckpoint()])
    trainer.fit(panels, tension)
    model(panels[0]).block_until_ready()
    return None
