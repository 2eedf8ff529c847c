# label: ok
# flax-error: none
# class: 3 sampling idiom: __call__ builds every submodule at init; a sample method run via apply(method=...) reuses them in a raw scan
import jax
import jax.numpy as jnp
import flax.linen as nn


class MelodyRNN(nn.Module):
    n_notes: int = 24
    width: int = 32

    def setup(self):
        self.note_embed = nn.Embed(self.n_notes, self.width)
        self.core = nn.GRUCell(self.width)
        self.logits = nn.Dense(self.n_notes)

    def __call__(self, notes):  # teacher forcing, used for init and training
        h = jnp.zeros((notes.shape[0], self.width))
        outs = []
        for t in range(notes.shape[1]):
            h, y = self.core(h, self.note_embed(notes[:, t]))
            outs.append(self.logits(y))
        return jnp.stack(outs, 1)

    def sample(self, start, step_keys):
        def body(carry, key):
            h, note = carry
            h, y = self.core(h, self.note_embed(note))
            note = jax.random.categorical(key, self.logits(y))
            return (h, note), note

        h0 = jnp.zeros((start.shape[0], self.width))
        _, notes = jax.lax.scan(body, (h0, start), step_keys)
        return notes


def main():
    model = MelodyRNN()
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((2, 4), jnp.int32))
    keys = jax.random.split(jax.random.PRNGKey(1), 16)
    notes = model.apply(params, jnp.array([0, 5]), keys, method=MelodyRNN.sample)
    return notes
