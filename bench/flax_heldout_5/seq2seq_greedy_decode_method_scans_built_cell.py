# label: ok
# flax-error: none
# class: 3 seq2seq decoder initialised through a teacher-forced __call__; a separate greedy_decode method scans over the already-built setup cell under apply(method=...)
"""The sampling idiom: every submodule is created by init through the teacher-forced
__call__ (a Python loop over the target), and greedy decoding is a separate method that
steps the same setup submodules with jax.lax.scan under apply(..., method=...)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Decoder(nn.Module):
    vocab_size: int = 12
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab_size, 8)
        self.cell = nn.OptimizedLSTMCell(self.hidden)
        self.logits = nn.Dense(self.vocab_size)

    def __call__(self, carry, targets):
        # teacher forcing: feed the previous gold token
        outputs = []
        for t in range(targets.shape[1]):
            carry, h = self.cell(carry, self.embed(targets[:, t]))
            outputs.append(self.logits(h))
        return jnp.stack(outputs, 1)

    def greedy_decode(self, carry, go_token, length: int):
        def step(state, _):
            carry, token = state
            carry, h = self.cell(carry, self.embed(token))
            token = jnp.argmax(self.logits(h), -1)
            return (carry, token), token

        _, tokens = jax.lax.scan(step, (carry, go_token), None, length=length)
        return tokens.T


def main():
    model = Decoder()
    batch = 2
    carry = (jnp.zeros((batch, 16)), jnp.zeros((batch, 16)))
    targets = jnp.array([[1, 5, 3], [2, 4, 4]], jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), carry, targets)
    tokens = model.apply(variables, carry, jnp.zeros((batch,), jnp.int32), 4, method=Decoder.greedy_decode)
    assert tokens.shape == (2, 4)
    return None
