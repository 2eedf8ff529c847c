# label: ok
# flax-error: none
# class: 4 the scan body hands the merged model to self.callbacks; the best Param state and loss ride in the scan carry and BestCheckpoint receives them after the loop
"""Retail shelf monitoring: the planogram-compliance detector is fine-tuned on a store's shelf
crops; a list of callbacks runs after every step, and the best-checkpoint callback keeps the
weights of the lowest-loss step for deployment."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ComplianceDetector(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.backbone = nnx.Linear(features, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, crops):
        return self.head(nnx.relu(self.backbone(crops)))[..., 0]


class LossLogger:
    def on_step(self, model, loss):
        pass


class BestCheckpoint:
    def __init__(self):
        self.best_loss = jnp.inf
        self.best_state = None

    def on_step(self, model, loss):
        pass

    def on_fit_end(self, best_state, best_loss):
        self.best_state = best_state
        self.best_loss = best_loss


class FineTuner:
    def __init__(self, model, callbacks, learning_rate=5e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(learning_rate), wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, crops, compliant):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(carry, batch):
            state, best_state, best_loss = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(
                lambda m: optax.sigmoid_binary_cross_entropy(m(x), y).mean())(model)
            optimizer.update(model, grads)
            for callback in self.callbacks:
                callback.on_step(model, loss)
            better = loss < best_loss
            best_state = jax.tree.map(lambda new, old: jnp.where(better, new, old),
                                      nnx.state(model, nnx.Param), best_state)
            return (nnx.state((model, optimizer)), best_state, jnp.minimum(loss, best_loss)), loss

        start = (state, nnx.state(self.model, nnx.Param), jnp.asarray(jnp.inf))
        (state, best_state, best_loss), losses = jax.lax.scan(step, start, (crops, compliant))
        nnx.update((self.model, self.optimizer), state)
        self.callbacks[-1].on_fit_end(best_state, best_loss)
        return losses

    def restore_best(self):
        nnx.update(self.model, self.callbacks[-1].best_state)


def main():
    detector = ComplianceDetector(features=9, rngs=nnx.Rngs(0))
    tuner = FineTuner(detector, [LossLogger(), BestCheckpoint()])
    key_x, key_y = jax.random.split(jax.random.key(30))
    crops = jax.random.normal(key_x, (6, 8, 9))
    compliant = jax.random.bernoulli(key_y, 0.7, (6, 8)).astype(jnp.float32)
    tuner.fit(crops, compliant)
    tuner.restore_best()
    detector(crops[0])
    return None
