# label: ok
# flax-error: none
# class: 2 the schedule key, a local of ScheduledGRUDecoder.rollout drawn from the module's rng stream, is threaded through the fori_loop carry and split at every step
"""GRU decoder trained with scheduled sampling; returns the per-step teacher-forcing masks for inspection."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

VOCAB = 12


class ScheduledGRUDecoder(nn.Module):
    vocab: int = VOCAB
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(self.hidden)
        self.readout = nn.Dense(self.vocab)

    def __call__(self, h, token):
        h, y = self.cell(h, self.embed(token))
        return h, self.readout(y)

    def rollout(self, h0, targets, teacher_forcing_p):
        batch, steps = targets.shape

        def body(t, state):
            h, prev, key, logits, masks = state
            key, coin = jax.random.split(key)
            use_teacher = jax.random.bernoulli(coin, teacher_forcing_p, (batch,))
            token = jnp.where(use_teacher, targets[:, t - 1], prev)
            token = jnp.where(t == 0, 0, token)
            h, logits_t = self(h, token)
            return h, logits_t.argmax(-1), key, logits.at[t].set(logits_t), masks.at[t].set(use_teacher)

        init = (
            h0,
            jnp.zeros((batch,), jnp.int32),
            self.make_rng("schedule"),
            jnp.zeros((steps, batch, self.vocab)),
            jnp.zeros((steps, batch), bool),
        )
        _, _, _, logits, masks = fori_loop(0, steps, body, init)
        return logits, masks


def main():
    decoder = ScheduledGRUDecoder()
    targets = jax.random.randint(jax.random.key(0), (10, 6), 1, VOCAB)
    h0 = jax.random.normal(jax.random.key(1), (10, 16))
    variables = decoder.init(jax.random.key(2), h0, targets[:, 0])
    logits, masks = decoder.apply(
        variables, h0, targets, 0.5, method=ScheduledGRUDecoder.rollout, rngs={"schedule": jax.random.key(3)}
    )
    nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), targets.T[..., None], -1).mean()
    jax.block_until_ready(nll)
    return masks


if __name__ == "__main__":
    print(main().astype(int))
