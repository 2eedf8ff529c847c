# label: same-values
# flax-error: none
# class: 1 Seq2Seq.decode_train takes one key from self.rngs before its fori_loop and the body reuses it for the teacher-forcing coin every step
"""Scheduled sampling for an NNX LSTM decoder unrolled by hand with lax.fori_loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Seq2Seq(nnx.Module):
    def __init__(self, features, hidden, *, rngs: nnx.Rngs):
        self.cell = nnx.LSTMCell(features, hidden, rngs=rngs)
        self.readout = nnx.Linear(hidden, features, rngs=rngs)
        self.hidden = hidden
        self.rngs = rngs

    def decode_train(self, targets, p_teacher=0.5):
        steps, batch, features = targets.shape
        key = self.rngs.schedule()
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))
        coins = jnp.zeros((steps,), bool)
        start = jnp.zeros((batch, features))

        def body(i, state):
            carry, prev_pred, coins, loss = state
            use_teacher = jax.random.bernoulli(key, p_teacher)
            gold_prev = jnp.where(i == 0, start, targets[jnp.maximum(i - 1, 0)])
            inp = jnp.where(use_teacher, gold_prev, prev_pred)
            carry, h = self.cell(carry, inp)
            pred = self.readout(h)
            loss = loss + jnp.mean((pred - targets[i]) ** 2)
            return carry, pred, coins.at[i].set(use_teacher), loss

        _, _, coins, loss = jax.lax.fori_loop(0, steps, body, (carry, start, coins, 0.0))
        return loss / steps, coins


def main():
    model = Seq2Seq(3, 16, rngs=nnx.Rngs(params=0, schedule=5))
    targets = jnp.sin(jnp.linspace(0, 6, 12 * 2 * 3)).reshape(12, 2, 3)
    loss, coins = model.decode_train(targets)
    return coins
