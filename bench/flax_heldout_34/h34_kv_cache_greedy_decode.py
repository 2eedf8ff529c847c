# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/attn" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a GreedyDecoder object stores the decode_step method of model.bind({'params', 'cache'}); its raw while_loop body (stop at max_len or EOS) calls that stored callable
import jax
import jax.numpy as jnp
from flax import linen as nn


class TinyLM(nn.Module):
    vocab: int = 13
    dim: int = 8
    decode: bool = False

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.attn = nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=self.dim, decode=self.decode)
        self.head = nn.Dense(self.vocab)

    def __call__(self, tokens):
        h = self.embed(tokens)
        h = h + self.attn(h, h)
        return self.head(h)

    def decode_step(self, token):
        return self(token[:, None])[:, 0]


class GreedyDecoder:
    def __init__(self, bound_model, max_len):
        self.step_fn = bound_model.decode_step
        self.max_len = max_len
        self.eos_id = 0

    def generate(self, first_token):
        out = jnp.zeros((first_token.shape[0], self.max_len), jnp.int32).at[:, 0].set(first_token)

        def cond(state):
            i, out = state
            return (i < self.max_len - 1) & jnp.any(out[:, i] != self.eos_id)

        def body(state):
            i, out = state
            logits = self.step_fn(out[:, i])
            return i + 1, out.at[:, i + 1].set(jnp.argmax(logits, -1).astype(jnp.int32))

        _, out = jax.lax.while_loop(cond, body, (0, out))
        return out


def main():
    max_len = 6
    model = TinyLM(decode=True)
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((2, max_len), jnp.int32))
    bound = model.bind({"params": variables["params"], "cache": variables["cache"]})
    decoder = GreedyDecoder(bound, max_len)
    seqs = decoder.generate(jnp.array([1, 2], jnp.int32))
    seqs.block_until_ready()
    return None
