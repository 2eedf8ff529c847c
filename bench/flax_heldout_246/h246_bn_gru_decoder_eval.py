# label: ok
# flax-error: none
# class: 4 Decoder.decode's scan body calls self.step, which runs self.cell (gate_norm BatchNorm) and self.dropout in evaluation mode
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class BNGatedCell(nn.Module):
    hidden: int
    train: bool = True

    @nn.compact
    def __call__(self, h, x):
        gates = nn.Dense(2 * self.hidden, use_bias=False, name='input_proj')(x)
        gates = gates + nn.Dense(2 * self.hidden, name='hidden_proj')(h)
        gates = nn.BatchNorm(use_running_average=not self.train, momentum=0.9, name='gate_norm')(gates)
        update, candidate = jnp.split(gates, 2, axis=-1)
        update = nn.sigmoid(update)
        return (1.0 - update) * h + update * jnp.tanh(candidate)


class Decoder(nn.Module):
    vocab_size: int
    hidden: int
    train: bool = True

    def setup(self):
        self.embed = nn.Embed(self.vocab_size, self.hidden)
        self.cell = BNGatedCell(self.hidden, train=self.train)
        self.dropout = nn.Dropout(0.1, deterministic=not self.train)
        self.readout = nn.Dense(self.vocab_size)

    def step(self, h, token):
        h = self.cell(h, self.embed(token))
        return h, self.readout(self.dropout(h))

    def decode(self, h0, bos, max_len):
        def body(carry, _):
            h, token = carry
            h, logits = self.step(h, token)
            next_token = jnp.argmax(logits, axis=-1)
            return (h, next_token), next_token

        _, tokens = scan(body, (h0, bos), None, length=max_len)
        return tokens.T


def main():
    decoder = Decoder(vocab_size=11, hidden=16)
    h0 = jnp.zeros((2, 16))
    bos = jnp.zeros((2,), jnp.int32)
    variables = decoder.init({'params': jax.random.key(0), 'dropout': jax.random.key(1)}, h0, bos,
                             method=Decoder.step)
    context = jax.random.normal(jax.random.key(2), (2, 16))
    generator = decoder.clone(train=False)
    tokens = generator.apply(variables, context, bos, 6, method=Decoder.decode,
                             rngs={'dropout': jax.random.key(3)})
    jax.block_until_ready(tokens)
