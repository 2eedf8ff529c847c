# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ClaimsTrainer.callbacks -> BestWeightsHook.best keeps nnx.state(model, nnx.Param) written from the scan body, restored with nnx.update after
"""Insurance claims triage: fine-tune the fraud-suspicion scorer, keeping the best weights.

The trainer runs its steps in a raw jax.lax.scan over the split (model, optimizer) state
and notifies a list of callbacks; the best-weights hook restores its snapshot at the end.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class SuspicionScorer(nnx.Module):
    def __init__(self, n_fields: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_fields, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, claims):
        return self.head(nnx.tanh(self.body(claims)))[:, 0]


def bce(model, claims, flagged):
    return optax.sigmoid_binary_cross_entropy(model(claims), flagged).mean()


class BestWeightsHook:
    def on_train_begin(self, model):
        self.best_loss = jnp.inf
        self.best = nnx.state(model, nnx.Param)

    def on_step(self, loss, model):
        better = loss < self.best_loss
        self.best_loss = jnp.where(better, loss, self.best_loss)
        current = nnx.state(model, nnx.Param)
        self.best = jax.tree.map(lambda b, c: jnp.where(better, c, b), self.best, current)

    def on_train_end(self, model):
        nnx.update(model, self.best)


class ClaimsTrainer:
    def __init__(self, model, callbacks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.2), wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, claims, flagged):
        graphdef, state = nnx.split((self.model, self.optimizer))
        for callback in self.callbacks:
            callback.on_train_begin(self.model)

        def train_step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(bce)(model, *batch)
            optimizer.update(model, grads)
            for callback in self.callbacks:
                callback.on_step(loss, model)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(train_step, state, (claims, flagged))
        nnx.update((self.model, self.optimizer), state)
        for callback in self.callbacks:
            callback.on_train_end(self.model)
        return losses


def main():
    claims = jax.random.normal(jax.random.key(1), (10, 16, 11))
    flagged = (claims[..., 0] > 0.8).astype(jnp.float32)
    model = SuspicionScorer(11, nnx.Rngs(0))
    ClaimsTrainer(model, [BestWeightsHook()]).fit(claims, flagged)
    print("scores", model(claims[0, :4]))
    return None
