# label: ok
# flax-error: none
# class: 4 the fori_loop body reaches the discriminator as trainer.critic (module and params); batch_stats go through the loop carry with mutable=['batch_stats']
"""Generator training against a frozen BatchNorm discriminator (feature-matching GAN stage).

Twin of h117_gan_bound: the discriminator is applied functionally and its batch statistics
enter and leave the fori_loop in the carry.
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
        self.disc = Discriminator()
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]


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

    def g_loss(g_params, batch_stats, z):
        fake = trainer.gen.apply(g_params, z)
        score, updates = trainer.critic.disc.apply(
            {"params": trainer.critic.params, "batch_stats": batch_stats}, fake, mutable=["batch_stats"]
        )
        return -jnp.mean(score), updates["batch_stats"]

    def body(i, carry):
        g_params, batch_stats = carry
        grads, batch_stats = jax.grad(g_loss, has_aux=True)(g_params, batch_stats, zs[i])
        g_params = jax.tree.map(lambda p, g: p - trainer.lr * g, g_params, grads)
        return g_params, batch_stats

    trainer.g_params, trainer.critic.batch_stats = lax.fori_loop(
        0, zs.shape[0], body, (trainer.g_params, trainer.critic.batch_stats)
    )
    print("running mean", jax.tree.map(jnp.mean, trainer.critic.batch_stats))
    return None
