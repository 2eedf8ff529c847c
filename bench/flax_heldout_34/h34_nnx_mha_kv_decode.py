# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a decoder-only NNX LM with nnx.MultiHeadAttention(decode=True) gets init_cache outside; the raw while_loop body calls its decode_step method on the outside module
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class TinyDecoder(nnx.Module):
    def __init__(self, vocab, dim, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(
            num_heads=2, in_features=dim, decode=True, rngs=rngs
        )
        self.lm_head = nnx.Linear(dim, vocab, rngs=rngs)

    def decode_step(self, token):
        h = self.embed(token[:, None])
        h = h + self.attn(h)
        return self.lm_head(h)[:, 0]


def generate(model, prompt_token, max_len):
    tokens = jnp.zeros((prompt_token.shape[0], max_len), jnp.int32).at[:, 0].set(prompt_token)

    def cond(state):
        i, _ = state
        return i < max_len - 1

    def body(state):
        i, tokens = state
        logits = model.decode_step(tokens[:, i])
        nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
        return i + 1, tokens.at[:, i + 1].set(nxt)

    _, tokens = lax.while_loop(cond, body, (0, tokens))
    return tokens


def main():
    model = TinyDecoder(17, 8, nnx.Rngs(0))
    model.attn.init_cache((2, 6, 8))
    out = generate(model, jnp.array([3, 4], jnp.int32), 6)
    out.block_until_ready()
    return None
