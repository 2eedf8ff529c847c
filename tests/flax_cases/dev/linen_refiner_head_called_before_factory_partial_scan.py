# label: ok
# flax-error: none
# class: 4 the setup Dense head runs once before the scan; a module-level factory's `functools.partial(_refine, self.head)` is the raw scan body
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

def _refine(head, carry, target):
    delta = head(jnp.concatenate([carry, target], -1))
    return carry + delta, delta

def make_refine_step(head):
    return functools.partial(_refine, head)

class IterativeRefiner(nn.Module):
    def setup(self):
        self.stem = nn.Dense(4)
        self.head = nn.Dense(4)

    def __call__(self, x, targets):
        init = self.stem(x)
        init = init + self.head(jnp.concatenate([init, targets[0]], -1))
        return jax.lax.scan(make_refine_step(self.head), init, targets)


def main():
    model = IterativeRefiner()
    x = jnp.ones((2, 3))
    targets = jnp.ones((5, 2, 4))
    variables = model.init(jax.random.key(0), x, targets)
    variables = jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, x, targets)
