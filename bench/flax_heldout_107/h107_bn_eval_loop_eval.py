# label: ok
# flax-error: none
# class: 2 the local `variables` of main() is applied with train=False inside the fori_loop body
"""Evaluation loop with a BatchNorm MLP, twin of h107_bn_eval_loop: the loop applies the
model in evaluation mode, so BatchNorm only reads its running statistics."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(4)(x)


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 16, 8))
    ys = jnp.arange(6 * 16).reshape(6, 16) % 4
    variables = model.init(jax.random.PRNGKey(1), xs[0], train=False)

    def eval_batch(i, correct):
        logits = model.apply(variables, xs[i], train=False)
        return correct + jnp.sum(jnp.argmax(logits, -1) == ys[i])

    correct = lax.fori_loop(0, xs.shape[0], eval_batch, 0)
    print("accuracy", correct / ys.size)
    return None
