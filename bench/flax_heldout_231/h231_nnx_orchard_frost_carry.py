# label: ok
# flax-error: none
# class: 4 FrostTrainer.fit carries the best model state through the fori_loop and hands it to self.checkpointer.keep after the loop; restored with nnx.update
"""Overnight frost-risk model for an apple orchard's weather stations.

The trainer fine-tunes the station model on last week's nights and keeps the best checkpoint, which
the alerting service restores before it predicts tonight's canopy temperature.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class CanopyTemp(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 8, rngs=rngs)
        self.temp = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, weather):
        return self.temp(nnx.tanh(self.hidden(weather)))[..., 0]


class BestCheckpointer:
    def __init__(self):
        self.best = None

    def keep(self, state):
        self.best = state


class FrostTrainer:
    def __init__(self, model: CanopyTemp, lr: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)
        self.checkpointer = BestCheckpointer()

    def fit(self, nights, minima):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def night(i, carry):
            state, best_state, best_loss = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss_fn = lambda m: jnp.mean((m(nights[i]) - minima[i]) ** 2)
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            optimizer.update(model, grads)
            better = loss < best_loss
            best_state = jax.tree.map(
                lambda new, old: jnp.where(better, new, old), nnx.state(model), best_state
            )
            return nnx.state((model, optimizer)), best_state, jnp.minimum(best_loss, loss)

        carry = (state, nnx.state(self.model), jnp.asarray(jnp.inf))
        state, best_state, best_loss = fori_loop(0, nights.shape[0], night, carry)
        nnx.update((self.model, self.optimizer), state)
        self.checkpointer.keep(best_state)
        return best_loss


def main():
    nights = jax.random.normal(jax.random.key(71), (7, 6, 4))  # nights x stations x features
    minima = jax.random.normal(jax.random.key(72), (7, 6))
    model = CanopyTemp(4, nnx.Rngs(0))
    trainer = FrostTrainer(model, lr=0.05)
    trainer.fit(nights, minima)
    nnx.update(model, trainer.checkpointer.best)
    tonight = model(nights[-1])
    jax.block_until_ready(tonight)
    return None
