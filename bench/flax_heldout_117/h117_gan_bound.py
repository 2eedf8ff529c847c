# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a LinearizeTracer to escape the scope of the transformation.
# class: 4 the fori_loop body reaches the discriminator as trainer.critic.disc, a module bound with mutable=['batch_stats'], and its BatchNorm writes into the bound scope
"""Generator training against a frozen BatchNorm discriminator (feature-matching GAN stage).

Shape of the reports: a bound Linen module (model.bind(..., mutable=...)) used inside a raw
fori_loop; the collection it updates holds tracers after the loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Generator(nn.Module):
    @nn.compact
    def __call__(self, z):
        h = nn.relu(nn.Dense(32)(z))
        return nn.tanh(nn.Dense(2)(h))


class Discriminator(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(32)(x)
        h = nn.BatchNorm(use_running_average=False, momentum=0.9)(h)
        h = nn.leaky_relu(h, 0.2)
        return nn.Dense(1)(h)


class Critic:
    def __init__(self, variables):
        self.disc = Discriminator().bind(variables, mutable=["batch_stats"])


class Trainer:
    def __init__(self, critic, gen, g_params, lr=1e-2):
        self.critic = critic
        self.gen = gen
        self.g_params = g_params
        self.lr = lr


def main():
    gen = Generator()
    z0 = jax.random.normal(jax.random.key(0), (64, 4))
    g_params = gen.init(jax.random.key(1), z0)
    d_vars = Discriminator().init(jax.random.key(2), jnp.zeros((64, 2)))
    trainer = Trainer(Critic(d_vars), gen, g_params)
    zs = jax.random.normal(jax.random.key(3), (5, 64, 4))

    def g_loss(g_params, z):
        fake = trainer.gen.apply(g_params, z)
        return -jnp.mean(trainer.critic.disc(fake))

    def body(i, g_params):
        grads = jax.grad(g_loss)(g_params, zs[i])
        return jax.tree.map(lambda p, g: p - trainer.lr * g, g_params, grads)

    trainer.g_params = lax.fori_loop(0, zs.shape[0], body, trainer.g_params)
    stats = trainer.critic.disc.variables["batch_stats"]
    print("running mean", jax.tree.map(jnp.mean, stats))
    return None
