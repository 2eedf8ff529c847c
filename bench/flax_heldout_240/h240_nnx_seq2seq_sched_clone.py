# label: same-values
# flax-error: none
# class: 2 scheduled_sampling_decode's local decoder goes into the scan body directly and is cloned there with nnx.clone before its 'schedule' rng stream is drawn
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB = 9
HID = 16
BOS = 1


class AttnDecoder(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, HID, rngs=rngs)
        self.cell = nnx.GRUCell(2 * HID, HID, rngs=rngs)
        self.key_proj = nnx.Linear(HID, HID, rngs=rngs)
        self.out = nnx.Linear(2 * HID, VOCAB, rngs=rngs)
        self.rngs = nnx.Rngs(schedule=rngs.params())

    def step(self, h, token, memory):
        weights = nnx.softmax(jnp.einsum("bh,bsh->bs", h, self.key_proj(memory)), axis=-1)
        context = jnp.einsum("bs,bsh->bh", weights, memory)
        h, _ = self.cell(h, jnp.concatenate([self.embed(token), context], axis=-1))
        return h, self.out(jnp.concatenate([h, context], axis=-1))


def scheduled_sampling_decode(decoder, memory, targets, teacher_prob):
    batch = targets.shape[0]

    def body(carry, target_t):
        h, token = carry
        dec = nnx.clone(decoder)
        h, logits = dec.step(h, token, memory)
        coin = jax.random.uniform(dec.rngs.schedule(), (batch,))
        next_token = jnp.where(coin < teacher_prob, target_t, jnp.argmax(logits, axis=-1))
        return (h, next_token), (logits, coin)

    init = (memory.mean(axis=1), jnp.full((batch,), BOS))
    _, (logits, coins) = jax.lax.scan(body, init, targets.T)
    return jnp.swapaxes(logits, 0, 1), coins


def main():
    decoder = AttnDecoder(rngs=nnx.Rngs(0))
    memory = jax.random.normal(jax.random.key(1), (4, 6, HID))
    targets = jnp.tile(jnp.array([[3, 3, 3, 3, 3]]), (4, 1))
    logits, coins = scheduled_sampling_decode(decoder, memory, targets, teacher_prob=0.75)
    jax.block_until_ready(logits)
    return coins
