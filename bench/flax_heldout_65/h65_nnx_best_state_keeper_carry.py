# label: ok
# flax-error: none
# class: 4 the best nnx.state of the merged model rides in the scan carry; the BestStateKeeper callback receives it after the loop and nnx.update applies it
"""Fine-tuning loop with a 'keep best weights' callback (best state carried)."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


class BestStateKeeper:
    def __init__(self):
        self.best_state = None

    def __call__(self, best_state, loss):
        self.best_state = best_state


class FineTuner:
    def __init__(self, model, callbacks, lr=0.1):
        self.model = model
        self.callbacks = callbacks
        self.lr = lr

    def run(self, xs, ys):
        graphdef, state = nnx.split(self.model)
        best = (nnx.state(self.model, nnx.Param), jnp.float32(jnp.inf))

        def step(carry, batch):
            state, (best_params, best_loss) = carry
            model = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            params = nnx.state(model, nnx.Param)
            better = loss < best_loss
            best_params = jax.tree.map(lambda new, old: jnp.where(better, new, old), params, best_params)
            best_loss = jnp.where(better, loss, best_loss)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            return (nnx.state(model), (best_params, best_loss)), loss

        (state, (best_params, best_loss)), losses = jax.lax.scan(step, (state, best), (xs, ys))
        nnx.update(self.model, state)
        for cb in self.callbacks:
            cb(best_params, best_loss)
        return losses


def main():
    model = Regressor(nnx.Rngs(0))
    keeper = BestStateKeeper()
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    FineTuner(model, [keeper]).run(xs, ys)
    nnx.update(model, keeper.best_state)
    model(xs[0]).block_until_ready()
    return None
