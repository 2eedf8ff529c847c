# label: ok
# flax-error: none
# class: 2 the split enhancer state, a local of finetune(), travels through the while_loop carry together with the best state and loss; the final carry restores the model
"""Speech enhancement with NNX: fine-tuning a small spectral-mask enhancer on one noisy
utterance until the loss drops below a tolerance, with a jax.lax.while_loop, remembering the
best state seen.

Twin of h114_nnx_speech_best_state.py: the best state and its loss are part of the while_loop
carry instead of a dict written from the body."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

N_FREQ = 16
N_FRAMES = 10


class MaskNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(N_FREQ, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, N_FREQ, rngs=rngs)

    def __call__(self, noisy):
        return nnx.sigmoid(self.l2(nnx.relu(self.l1(jnp.log1p(noisy))))) * noisy


def finetune(model, noisy, clean, lr=0.05, tol=0.1, max_steps=30):
    graphdef, state = nnx.split(model, nnx.Param)

    def loss_fn(params):
        return jnp.mean((nnx.merge(graphdef, params)(noisy) - clean) ** 2)

    def cond(carry):
        i, params, loss, best = carry
        return (i < max_steps) & (loss > tol)

    def body(carry):
        i, params, _, best = carry
        loss, grads = jax.value_and_grad(loss_fn)(params)
        better = loss < best["loss"]
        current = nnx.state(nnx.merge(graphdef, params))
        best = {"state": jax.tree.map(lambda new, old: jnp.where(better, new, old), current, best["state"]),
                "loss": jnp.minimum(loss, best["loss"])}
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return i + 1, params, loss, best

    _, _, _, best = lax.while_loop(cond, body, (0, state, jnp.inf, {"state": state, "loss": jnp.inf}))
    nnx.update(model, best["state"])
    return model


def main():
    clean = jnp.abs(jax.random.normal(jax.random.key(0), (N_FRAMES, N_FREQ)))
    noisy = clean + 0.3 * jnp.abs(jax.random.normal(jax.random.key(1), (N_FRAMES, N_FREQ)))
    model = finetune(MaskNet(nnx.Rngs(2)), noisy, clean)
    print("enhanced error", float(jnp.mean((model(noisy) - clean) ** 2)))
