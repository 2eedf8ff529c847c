# label: ok
# flax-error: none
# class: 5 make_greedy_step() returns a step closure over the decoder that fori_loop runs; the cache collection is threaded through the loop carry
"""Symbolic music: greedy melody continuation with a rolling context cache."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as linen

lax = jax.lax

VOCAB = 40  # MIDI pitches 48..87 mapped to 0..39


class MelodyDecoder(linen.Module):
    dim: int = 16
    window: int = 4

    @linen.compact
    def decode_step(self, token):
        emb = linen.Embed(VOCAB, self.dim, name="embed")(token)
        context = self.variable("cache", "context", jnp.zeros, (token.shape[0], self.window, self.dim))
        position = self.variable("cache", "position", jnp.zeros, (), jnp.int32)
        ctx = jnp.concatenate([context.value[:, 1:], emb[:, None]], axis=1)
        context.value = ctx
        position.value = position.value + 1
        pooled = ctx.mean(axis=1)
        return linen.Dense(VOCAB, name="logits")(linen.relu(linen.Dense(self.dim, name="mix")(pooled)))


def make_greedy_step(model, params):
    def step(i, carry):
        tokens, cache = carry
        logits, updates = model.apply(
            {"params": params, "cache": cache}, tokens[i], method=MelodyDecoder.decode_step, mutable=["cache"]
        )
        return tokens.at[i + 1].set(jnp.argmax(logits, axis=-1)), updates["cache"]

    return step


def continue_phrase(model, params, cache, last_token, n_more):
    variables = {"params": params, "cache": cache}
    out = []
    token = last_token
    for _ in range(n_more):
        logits, updates = model.apply(variables, token, method=MelodyDecoder.decode_step, mutable=["cache"])
        variables = {"params": params, **updates}
        token = jnp.argmax(logits, axis=-1)
        out.append(token)
    return jnp.stack(out)


def generate(model, variables, prompt, n_steps):
    tokens = jnp.zeros((n_steps + 1, prompt.shape[0]), jnp.int32).at[0].set(prompt)
    step = make_greedy_step(model, variables["params"])
    tokens, cache = lax.fori_loop(0, n_steps, step, (tokens, variables["cache"]))
    return tokens, cache


def main():
    model = MelodyDecoder()
    prompt = jnp.array([12, 16, 19], jnp.int32)
    variables = model.init(jax.random.key(0), prompt, method=MelodyDecoder.decode_step)
    fresh = {"params": variables["params"], "cache": jax.tree.map(jnp.zeros_like, variables["cache"])}
    tokens, cache = generate(model, fresh, prompt, n_steps=6)
    tail = functools.partial(continue_phrase, model, variables["params"])(cache, tokens[-1], 2)
    jax.block_until_ready((tokens, tail))
    return None
