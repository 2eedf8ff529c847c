# label: ok
# flax-error: none
# class: 3 sampling idiom: __call__ does one teacher-forced step through every submodule; greedy() scans under apply only
import flax.linen as nn
import jax
import jax.numpy as jnp


class Seq2Seq(nn.Module):
    vocab: int = 9
    hidden: int = 12

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(self.hidden)
        self.logits = nn.Dense(self.vocab)

    def __call__(self, h, token):
        h, y = self.cell(h, self.embed(token))
        return self.logits(y)

    def greedy(self, h, token, length):
        def step(carry, _):
            h, token = carry
            h, y = self.cell(h, self.embed(token))
            token = jnp.argmax(self.logits(y), -1)
            return (h, token), token

        return jax.lax.scan(step, (h, token), None, length=length)[1]


def main():
    h, token = jnp.zeros((2, 12)), jnp.zeros((2,), jnp.int32)
    model = Seq2Seq()
    variables = model.init(jax.random.PRNGKey(0), h, token)
    model.apply(variables, h, token, 4, method=model.greedy)
