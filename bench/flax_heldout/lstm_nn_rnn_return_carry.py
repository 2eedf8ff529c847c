# label: ok
# flax-error: none
# class: 1 LSTM language model through nn.RNN(return_carry=True) instead of a cell in a raw scan
import flax.linen as nn
import jax
import jax.numpy as jnp


class LanguageModel(nn.Module):
    vocab: int = 20
    hidden: int = 16

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab, self.hidden)(tokens)
        carry, hs = nn.RNN(nn.LSTMCell(self.hidden), return_carry=True)(x)
        return nn.Dense(self.vocab)(hs)


def main():
    tokens = jnp.zeros((2, 7), jnp.int32)
    lm = LanguageModel()
    variables = lm.init(jax.random.PRNGKey(0), tokens)
    lm.apply(variables, tokens)
