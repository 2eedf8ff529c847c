# label: ok
# flax-error: none
# class: 1 nn.LSTMCell is built in @nn.compact and called once on the initial carry before the raw lax.scan; the body reuses the same cell
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class CharRNN(nn.Module):
    hidden: int = 8
    vocab: int = 11

    @nn.compact
    def __call__(self, tokens):
        # tokens: [time, batch]
        emb = nn.Embed(self.vocab, 6)(tokens)
        batch = tokens.shape[1]
        cell = nn.LSTMCell(features=self.hidden)
        carry = cell.initialize_carry(jax.random.key(0), (batch, 6))
        carry, _ = cell(carry, emb[0])

        def step(carry, x_t):
            carry, h = cell(carry, x_t)
            return carry, h

        _, hs = lax.scan(step, carry, emb[1:])
        return nn.Dense(self.vocab)(hs)


def loss_fn(params, model, tokens):
    logits = model.apply(params, tokens[:-1])
    labels = jax.nn.one_hot(tokens[2:], 11)
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), -1))


def main():
    model = CharRNN()
    tokens = jax.random.randint(jax.random.key(0), (7, 2), 0, 11)
    params = model.init(jax.random.key(1), tokens[:-1])
    loss, grads = jax.value_and_grad(loss_fn)(params, model, tokens)
    print("loss", loss)
    return None
