# label: ok
# flax-error: none
# class: 2 batch_stats, a local of train(), enters the scan through the carry next to the params and comes back from apply(mutable=["batch_stats"])
"""Score-based generative model trained by denoising score matching. The toy score network uses
BatchNorm, and the whole training run is one jax.lax.scan over minibatches.

Twin of h114_score_dsm_batchnorm.py: the BatchNorm statistics are carried through the scan
together with the parameters."""
import jax
import jax.numpy as jnp
import flax.linen as nn

DIM = 2
BATCH = 16
N_BATCHES = 5


class ScoreMLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, sigma, train):
        h = jnp.concatenate([x, jnp.broadcast_to(jnp.log(sigma), x.shape[:-1] + (1,))], axis=-1)
        h = nn.Dense(self.hidden)(h)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.swish(h)
        return nn.Dense(DIM)(h) / sigma


def train(model, variables, data, noise, sigma=0.5, lr=1e-2):
    batch_stats = variables["batch_stats"]

    def body(carry, batch):
        params, batch_stats = carry
        x, z = batch

        def loss_fn(p):
            x_noisy = x + sigma * z
            score, updates = model.apply({"params": p, "batch_stats": batch_stats}, x_noisy, sigma,
                                         train=True, mutable=["batch_stats"])
            return jnp.mean(jnp.sum((sigma * score + z) ** 2, axis=-1)), updates

        (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return (params, updates["batch_stats"]), loss

    (params, batch_stats), losses = jax.lax.scan(body, (variables["params"], batch_stats), (data, noise))
    return {"params": params, "batch_stats": batch_stats}, losses


def main():
    data = jax.random.normal(jax.random.key(0), (N_BATCHES, BATCH, DIM)) * 0.3 + 1.0
    noise = jax.random.normal(jax.random.key(1), (N_BATCHES, BATCH, DIM))
    model = ScoreMLP()
    variables = model.init(jax.random.key(2), data[0], 0.5, train=False)
    variables, losses = train(model, variables, data, noise)
    score = model.apply(variables, data[0], 0.5, train=False)
    print("losses", losses, "eval score norm", float(jnp.linalg.norm(score)))
