# label: ok
# flax-error: none
# class: 4 ClaimsTrainer.callbacks -> BestWeightsHook snapshot of nnx.state(model, nnx.Param) carried through the scan, restored with nnx.update after
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
        return jnp.asarray(jnp.inf), nnx.state(model, nnx.Param)

    def on_step(self, carry, loss, model):
        best_loss, best = carry
        better = loss < best_loss
        current = nnx.state(model, nnx.Param)
        best = jax.tree.map(lambda b, c: jnp.where(better, c, b), best, current)
        return jnp.where(better, loss, best_loss), best

    def on_train_end(self, model, carry):
        nnx.update(model, carry[1])


class ClaimsTrainer:
    def __init__(self, model, callbacks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.2), wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, claims, flagged):
        graphdef, state = nnx.split((self.model, self.optimizer))
        hook_carry = [callback.on_train_begin(self.model) for callback in self.callbacks]

        def train_step(carry, batch):
            state, hook_carry = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(bce)(model, *batch)
            optimizer.update(model, grads)
            hook_carry = [cb.on_step(c, loss, model) for cb, c in zip(self.callbacks, hook_carry)]
            return (nnx.state((model, optimizer)), hook_carry), loss

        (state, hook_carry), losses = jax.lax.scan(train_step, (state, hook_carry), (claims, flagged))
        nnx.update((self.model, self.optimizer), state)
        for callback, carry in zip(self.callbacks, hook_carry):
            callback.on_train_end(self.model, carry)
        return losses


def main():
    claims = jax.random.normal(jax.random.key(1), (10, 16, 11))
    flagged = (claims[..., 0] > 0.8).astype(jnp.float32)
    model = SuspicionScorer(11, nnx.Rngs(0))
    ClaimsTrainer(model, [BestWeightsHook()]).fit(claims, flagged)
    print("scores", model(claims[0, :4]))
    return None
