# label: ok
# flax-error: none
# class: 4 the same factory partial with mutable=["cache"]; the body keeps the logits and drops the returned cache
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

class Attention(nn.Module):
    @nn.compact
    def __call__(self, x, decode: bool = False):
        if decode:
            initialized = self.has_variable("cache", "index")
            index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
            if initialized:
                index.value = index.value + 1
        return nn.Dense(4)(x)

def make_logits_fn(model, variables):
    return functools.partial(model.apply, variables, decode=True, mutable=["cache"])

def greedy(model, variables, x):
    logits_fn = make_logits_fn(model, variables)
    def body(h, _):
        h = logits_fn(h)[0]
        return h, h
    return jax.lax.scan(body, x, None, length=3)[1]

def main():
    model = Attention()
    x = jnp.ones((2, 4))
    variables = model.init(jax.random.key(0), x, decode=True)
    return greedy(model, variables, x)
