# label: ok
# flax-error: none
# class: 3 sampling idiom: init runs __call__ (every submodule), apply(method="generate") scans over them
import flax.linen as nn
import jax
import jax.numpy as jnp


class CharRNN(nn.Module):
    vocab: int = 12
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(self.hidden)
        self.out = nn.Dense(self.vocab)

    def __call__(self, tokens, h):
        h, y = self.cell(h, self.embed(tokens))
        return self.out(y), h

    def generate(self, token, h, length):
        def step(carry, _):
            token, h = carry
            logits, h = self(token, h)
            token = jnp.argmax(logits, -1)
            return (token, h), token

        _, tokens = jax.lax.scan(step, (token, h), None, length=length)
        return tokens


def main():
    token, h = jnp.zeros((2,), jnp.int32), jnp.zeros((2, 16))
    model = CharRNN()
    variables = model.init(jax.random.PRNGKey(0), token, h)
    model.apply(variables, token, h, 5, method="generate")
